/**
 * Files the seeded links point to: passports and certificates (tiny valid PDFs), avatars,
 * announcement images and plan images (SVGs). Generated on the fly; nothing is stored.
 */
import type { ServerResponse } from "node:http";
import { sendJson } from "./http.ts";
import type { DemoData } from "./types.ts";

/** Text reduced to printable ASCII (PDF base fonts) with PDF string escapes. */
function pdfText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/([\\()])/g, "\\$1");
}

/** A one-page PDF with a title and a few lines, with a correct cross-reference table. */
export function tinyPdf(title: string, lines: string[]): Buffer {
  const content = [
    "BT",
    "/F1 22 Tf",
    "72 760 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 12 Tf",
    ...lines.map((line) => `0 -24 Td (${pdfText(line)}) Tj`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

/** A square SVG with a coloured background and a short label. */
export function labelSvg(label: string, hue: number, width = 128, height = 128): Buffer {
  const size = Math.round(Math.min(width, height) / (label.length > 3 ? 6 : 2.6));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect width="100%" height="100%" fill="hsl(${hue},55%,45%)"/>` +
      `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-size="${size}" fill="#fff">${xml(label)}</text>` +
      `</svg>`,
  );
}

const FILE_PATH = /^\/files\/(passports|certificates|avatars|announcements|plans)\/(\d+)\.(pdf|svg)$/;

/** Serves GET/HEAD /files/...; 404 unless a stored record links to exactly this path. */
export function serveSeedFile(res: ServerResponse, pathname: string, data: DemoData, headOnly: boolean): void {
  const match = FILE_PATH.exec(pathname);
  const kind = match?.[1];
  const id = Number(match?.[2]);
  let file: { bytes: Buffer; type: string; name: string } | undefined;
  if (kind === "passports" || kind === "certificates" || kind === "avatars") {
    const user = data.users.find((candidate) => candidate.id === id);
    const name = user?.fullName ?? user?.email ?? "";
    if (user && kind === "passports" && user.passport === pathname) {
      file = {
        bytes: tinyPdf("Passport (demo document)", [
          `Holder: ${name}`,
          `User id: ${user.id}`,
          `Country: ${user.country ?? "Not provided"}`,
        ]),
        type: "application/pdf",
        name: `passport-${user.id}.pdf`,
      };
    } else if (user && kind === "certificates" && user.badgeFileName === pathname) {
      file = {
        bytes: tinyPdf("Citizenship certificate (demo)", [
          `Awarded to: ${name}`,
          `Email: ${user.email}`,
          `User id: ${user.id}`,
        ]),
        type: "application/pdf",
        name: `certificate-${user.id}.pdf`,
      };
    } else if (user && kind === "avatars" && user.profilePic === pathname) {
      file = { bytes: labelSvg(initials(name), (id * 47) % 360), type: "image/svg+xml", name: `avatar-${id}.svg` };
    }
  } else if (kind === "announcements") {
    const announcement = data.announcements.find((candidate) => candidate.id === id && candidate.imageUrl === pathname);
    if (announcement) {
      file = {
        bytes: labelSvg(announcement.title, (id * 83) % 360, 640, 320),
        type: "image/svg+xml",
        name: `announcement-${id}.svg`,
      };
    }
  } else if (kind === "plans") {
    const plan = data.plans.find((candidate) => candidate.id === id && candidate.image === pathname);
    if (plan)
      file = {
        bytes: labelSvg(initials(plan.name), (id * 61) % 360, 256, 256),
        type: "image/svg+xml",
        name: `plan-${id}.svg`,
      };
  }
  if (!file) {
    sendJson(res, 404, { message: "File not found" });
    return;
  }
  res.writeHead(200, {
    "content-type": file.type,
    "content-length": file.bytes.length,
    "content-disposition": `inline; filename="${file.name}"`,
    "cache-control": "no-cache",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  });
  res.end(headOnly ? undefined : file.bytes);
}
