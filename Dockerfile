# The panel in production: a Node 22 LTS server in front of the provider's API (API_URL).
# Demo mode (the bundled demo API) is not part of the image: see docs/decisions/002.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY server.js ./
# The embedded audit store (AUDIT_DIR, default .data/audit): a folder the node user owns, in a
# volume so the trail outlives the container. With REDIS_URL the trail is in Redis instead.
RUN mkdir -p .data && chown node:node .data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
