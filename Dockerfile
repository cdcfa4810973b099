# Production-like image: the API serving the built SPA, /admin and /api/docs. Needs DATABASE_URL
# (see docker-compose.yml, docs/deploy.md); the embedded PostgreSQL is for development only.
# Multi-stage: the build stage has the dev dependencies and the sources, the final one only what runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force && npm prune --omit=dev --workspaces=false

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 SPA_DIR=/app/frontend/dist UPLOAD_DIR=/data/uploads DATA_DIR=/data
# In production AdminJS bundles its components at start into $ADMIN_JS_TMP_DIR (default ./.adminjs, i.e.
# /app/.adminjs, which is root-owned: EACCES and a crash for USER node). It is a cache rebuilt on every
# start, so a writable temporary directory is the right place.
ENV ADMIN_JS_TMP_DIR=/tmp/adminjs
WORKDIR /app
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/frontend/dist frontend/dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# 200 when the database answers; 503 while it does not or while the replica drains (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm, no shell): it receives SIGTERM and drains (SHUTDOWN_GRACE_MS) before exiting 0.
STOPSIGNAL SIGTERM
CMD ["node", "dist/apps/api/src/main.js"]
