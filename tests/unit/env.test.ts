import { describe, expect, it } from "vitest";

import { EnvError, parseEnv } from "~/config/env.server";

const good = { API_URL: "https://api.example.com/api", SESSION_SECRET: "s".repeat(32) };

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv(good);
    expect(env).toMatchObject({
      PORT: 3000,
      UPSTREAM_TIMEOUT_MS: 10_000,
      SEND_TIMEOUT_MS: 30_000,
      APP_TIMEZONE: "UTC",
      TRUST_PROXY: false,
    });
    expect(env.API_URL).toBe("https://api.example.com/api");
  });

  it("drops a trailing slash of API_URL", () => {
    expect(parseEnv({ ...good, API_URL: "https://api.example.com/api/" }).API_URL).toBe("https://api.example.com/api");
  });

  it.each([
    ["ftp://api.example.com/api", /API_URL/],
    ["https://api.example.com/v1", /API_URL must end in \/api/],
    ["not a url", /API_URL/],
  ])("refuses API_URL %s with one line naming it", (API_URL, message) => {
    expect(() => parseEnv({ ...good, API_URL })).toThrow(message);
  });

  it("requires SESSION_SECRET when API_URL is set", () => {
    expect(() => parseEnv({ API_URL: good.API_URL })).toThrow(/SESSION_SECRET is required when API_URL is set/);
  });

  it("reads the sign-in failure limits, 10 free per account and 100 per address and day by default", () => {
    expect(parseEnv(good)).toMatchObject({ LOGIN_FAILURES_PER_ACCOUNT: 10, LOGIN_FAILURES_PER_DAY: 100 });
    expect(parseEnv({ ...good, LOGIN_FAILURES_PER_ACCOUNT: "5" }).LOGIN_FAILURES_PER_ACCOUNT).toBe(5);
    expect(() => parseEnv({ ...good, LOGIN_FAILURES_PER_ACCOUNT: "0" })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
    expect(() => parseEnv({ ...good, LOGIN_FAILURES_PER_DAY: "many" })).toThrow(/LOGIN_FAILURES_PER_DAY/);
  });

  it("reads the security-key guesses per email and hour, 10 by default", () => {
    expect(parseEnv(good).KEY_GUESSES_PER_HOUR).toBe(10);
    expect(parseEnv({ ...good, KEY_GUESSES_PER_HOUR: "3" }).KEY_GUESSES_PER_HOUR).toBe(3);
    expect(() => parseEnv({ ...good, KEY_GUESSES_PER_HOUR: "0" })).toThrow(/KEY_GUESSES_PER_HOUR/);
  });

  it("reads REDIS_URL only as a redis:// or rediss:// URL, unset by default", () => {
    expect(parseEnv(good).REDIS_URL).toBeUndefined();
    expect(parseEnv({ ...good, REDIS_URL: "redis://redis:6379" }).REDIS_URL).toBe("redis://redis:6379");
    expect(parseEnv({ ...good, REDIS_URL: "rediss://user:pw@cache.example.com:6380/1" }).REDIS_URL).toBe(
      "rediss://user:pw@cache.example.com:6380/1",
    );
    for (const REDIS_URL of ["http://redis:6379", "redis:6379", "redis://", "localhost"]) {
      expect(() => parseEnv({ ...good, REDIS_URL })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    }
  });

  it("reads SHUTDOWN_DRAIN_MS, 0 by default, up to a minute", () => {
    expect(parseEnv(good).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(parseEnv({ ...good, SHUTDOWN_DRAIN_MS: "5000" }).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(() => parseEnv({ ...good, SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => parseEnv({ ...good, SHUTDOWN_DRAIN_MS: "120000" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it("reads BALANCER_FALL, 3 by default (the advised fall), from 1 to 10", () => {
    expect(parseEnv(good).BALANCER_FALL).toBe(3);
    expect(parseEnv({ ...good, BALANCER_FALL: "2" }).BALANCER_FALL).toBe(2);
    expect(() => parseEnv({ ...good, BALANCER_FALL: "0" })).toThrow(/BALANCER_FALL/);
  });

  it("refuses a short secret, a bad port and an unknown time zone", () => {
    expect(() => parseEnv({ ...good, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ ...good, PORT: "http" })).toThrow(/PORT/);
    expect(() => parseEnv({ ...good, APP_TIMEZONE: "Mars/Olympus" })).toThrow(/APP_TIMEZONE/);
  });

  it("reads TRUST_PROXY as the proxies' addresses, ranges and range names", () => {
    expect(parseEnv({ ...good, TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ ...good, TRUST_PROXY: "10.0.0.0/8, fd00::/8,192.0.2.7, uniquelocal" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.7",
      "uniquelocal",
    ]);
    expect(parseEnv({ ...good, TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });

  it("refuses a TRUST_PROXY entry that is not an address, a range or a range name", () => {
    for (const value of ["proxy.internal", "10.0.0.0/33", "10.0.0/8", "::1/129", "loopback,*", "0.0.0.0/0", "::/0"]) {
      expect(() => parseEnv({ ...good, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must list the proxies/);
    }
  });

  it("refuses ranges that together cover every IPv4 or every IPv6 address, in production and elsewhere", () => {
    for (const value of [
      "0.0.0.0/1,128.0.0.0/1",
      "128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2",
      "::ffff:0:0/96",
      "::ffff:0.0.0.0/97,::ffff:128.0.0.0/97",
      "0.0.0.0/1,::ffff:128.0.0.0/97",
      "::/1,8000::/1",
      "::/1",
      "::/2,4000::/2,8000::/1",
      "::/1,loopback,8000::/1",
    ]) {
      for (const NODE_ENV of ["production", "development"]) {
        const boot = () => parseEnv({ ...good, NODE_ENV, TRUST_PROXY: value });
        expect(boot, `${NODE_ENV}: ${value}`).toThrow(EnvError);
        expect(boot, `${NODE_ENV}: ${value}`).toThrow(
          /^Invalid configuration: TRUST_PROXY must name the proxies, not every address: [^\n]* together cover every IPv[46] address[^\n]*$/,
        );
      }
    }
  });

  it("still reads ranges that leave addresses out, however wide", () => {
    for (const value of [
      "0.0.0.0/1",
      "0.0.0.0/1,128.0.0.0/2,192.0.0.0/3,224.0.0.0/4",
      "::ffff:0:0/97",
      "8000::/1,4000::/2",
      "0.0.0.0/1,uniquelocal,::ffff:128.0.0.0/98",
    ]) {
      expect(parseEnv({ ...good, NODE_ENV: "production", TRUST_PROXY: value }).TRUST_PROXY, value).toEqual(
        value.split(",").map((entry) => entry.trim()),
      );
    }
  });

  it("refuses in production a TRUST_PROXY that trusts any peer (true, a hop count), in one line", () => {
    for (const value of ["true", "1", "2"]) {
      const boot = () => parseEnv({ ...good, NODE_ENV: "production", TRUST_PROXY: value });
      expect(boot, value).toThrow(EnvError);
      expect(boot, value).toThrow(
        /^Invalid configuration: TRUST_PROXY must name the proxies by address in production [^\n]*"\w+" trusts any peer[^\n]*$/,
      );
    }
  });

  it("still reads true and a hop count in development and tests", () => {
    expect(parseEnv({ ...good, NODE_ENV: "development", TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ ...good, NODE_ENV: "test", TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
  });
});

describe("UPLOAD_ORIGINS", () => {
  it("reads a comma-separated list of origins", () => {
    expect(
      parseEnv({ ...good, UPLOAD_ORIGINS: "https://bucket.s3.amazonaws.com/path, https://cdn.example.com" })
        .UPLOAD_ORIGINS,
    ).toEqual(["https://bucket.s3.amazonaws.com", "https://cdn.example.com"]);
    expect(parseEnv(good).UPLOAD_ORIGINS).toEqual([]);
  });

  it("refuses anything that is not an http(s) origin", () => {
    expect(() => parseEnv({ ...good, UPLOAD_ORIGINS: "ftp://files.example.com" })).toThrow(/UPLOAD_ORIGINS/);
  });
});

describe("FILE_ORIGINS", () => {
  it("reads a comma-separated list of origins", () => {
    expect(
      parseEnv({ ...good, FILE_ORIGINS: "https://bucket.s3.amazonaws.com/p, https://cdn.example.com" }).FILE_ORIGINS,
    ).toEqual(["https://bucket.s3.amazonaws.com", "https://cdn.example.com"]);
    expect(parseEnv(good).FILE_ORIGINS).toEqual([]);
  });

  it("refuses anything that is not an http(s) origin", () => {
    expect(() => parseEnv({ ...good, FILE_ORIGINS: "file:///srv/passports" })).toThrow(/FILE_ORIGINS/);
  });
});
