# The Vault Admin Portal as a container image. Its steps are the README's "Running in production"
# steps (npm ci, npm run build, npm prune --omit=dev, node --max-semi-space-size=4 --heap-growing-percent=30 apps/api/dist/server.js), which CI runs
# on a fresh clone (.ci/production-check), so CI covers what this file does.

# Node 24 LTS, the runtime recommended for production (docs/decisions/0034): Node 20 reached its end
# of life in April 2026. CI runs the API and process tests on Node 24 too (.ci/run).
FROM node:24-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The code stays owned by root (read-only to the service); only the embedded database's folder is
# writable, for a trial run without DATABASE_URL.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
# Liveness only (no database): an outage of PostgreSQL must not get every container restarted.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1, so `docker stop` (SIGTERM) reaches the server's graceful shutdown.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "apps/api/dist/server.js"]
