# Selah in a container: one app process per container, on PostgreSQL and an S3-compatible bucket named
# in the environment (see compose.yaml and docs/deploy.md). Build: docker build -t selah .
#
# NODE_IMAGE is any Debian 12 (bookworm) image with Node.js 20.19 or later as `node` on the PATH and a
# user `node`; the official node:22-bookworm-slim is one (Node.js 20 is past its end of life).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The packages first, so a change to the code alone does not fetch them again.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund && npm cache clean --force
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
# The study library Debian packages (commentaries, Nave's topics, Strong's lexicons), found at start.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      sword-comm-mhcc sword-dict-naves sword-comm-tdavid sword-comm-scofield \
      sword-dict-strongs-greek sword-dict-strongs-hebrew \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=root:root /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Alive; an orchestrator's readiness check asks /api/ready (the database, media store and Bible store).
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM ends requests in flight within SHUTDOWN_TIMEOUT_MS (25 s), inside Docker's default 10 s only
# if it is set lower: compose.yaml gives 35 s (stop_grace_period).
CMD ["node", "scripts/start.mjs"]
