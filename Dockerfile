# syntax=docker/dockerfile:1
# FounderBridge: build with `docker build -t founderbridge .` (or `podman build --format docker
# -t founderbridge .`: podman's default OCI format drops the HEALTHCHECK), run as in compose.yaml
# and docs/deployment.md. Three stages: the build (all dependencies), the production dependencies,
# and the image that runs (no compilers, no dev dependencies, a non-root user).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# pg_dump/pg_restore for `npm run backup` and `npm run restore` on PostgreSQL 15
# (docs/decisions/0135); use the client of your server's major version. DejaVu and fontconfig's
# configuration: the demo content's images draw their text in DejaVu Sans through sharp, which
# draws empty boxes without them (docs/decisions/0159).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 fontconfig-config fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
# No npm update check when an operator runs `npm run backup` and the like in the container.
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server reads migrations from server/db/migrations; the operations commands
# (backup, restore, admin:create) run the TypeScript sources with tsx.
COPY package.json package-lock.json server.js tsconfig.json ./
COPY server ./server
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/health checks the database, storage and auth (the spec's three checks).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the instance (docs/decisions/0062): node gets it directly (no npm in between).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
