# The site's production image (decisions 0156 and 0250), and the one-shot that migrates.
#
#   docker build -t starfinity-site --build-arg NEXT_DEPLOYMENT_ID=$(git rev-parse --short HEAD) .
#   docker build -t starfinity-site-migrate --target migrate .
#   docker run --rm -e DATABASE_URL=… -e PAYLOAD_SECRET=… starfinity-site-migrate   # once per deploy
#   docker run -d -e DATABASE_URL=… -e PAYLOAD_SECRET=… -e SERVER_URL=https://… starfinity-site
#
# deploy/compose.yml runs it all: PostgreSQL, the migrations, two instances, the front and MinIO.
# The commands are npm scripts the tests run outside containers: `npm run build`, `npm run migrate`
# and `npm run serve` (tests/e2e/cluster-*.test.ts); tests/e2e/production-image.test.ts assembles
# the final stage from this file's COPY lines and serves it.

FROM node:24-bookworm-slim AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1

# Every dependency, to build.
FROM base AS deps
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci

# The build. `npm run build` renders the public pages from a throwaway embedded PostgreSQL server
# it migrates and seeds (no production database is reachable from a build); `npm run serve` drops
# those pages and the build's data cache at start, so no instance serves them (decision 0156).
# Not as root: the embedded server refuses to run as root.
FROM deps AS build
# The deployment id goes into the assets' addresses (Next.js's version-skew protection).
ARG NEXT_DEPLOYMENT_ID
ENV NEXT_DEPLOYMENT_ID=$NEXT_DEPLOYMENT_ID
# Next's standalone output besides the build (.next/standalone): the server and only the files it
# loads (decision 0250). The browser tests' build makes it too.
ENV NEXT_OUTPUT=standalone
COPY . .
RUN chown -R node:node /app
USER node
# The standalone output, pruned of the project files its tracing took (scripts/prune-standalone.mjs).
RUN npm run build && node scripts/prune-standalone.mjs .next && rm -rf .next/cache data

# Production dependencies only.
FROM base AS production-deps
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev

# The migrations and the seed, once per deploy (`npm run migrate`): Payload's command-line side,
# which needs the sources and every production package.
FROM base AS migrate
ENV NODE_ENV=production
COPY --from=production-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json next.config.mjs payload.config.ts tsconfig.json ./
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node src ./src
COPY --chown=node:node public ./public
USER node
CMD ["npm", "run", "migrate"]

# The server: Next's standalone output (server.js, the build's server files and the packages they
# load), its static assets and public files, and `npm run serve` (scripts/, run by tsx). No src/.
FROM base
# tini as PID 1: SIGTERM from `docker stop` reaches npm run serve, which drains the server.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ARG NEXT_DEPLOYMENT_ID
ENV NODE_ENV=production \
    PORT=3000 \
    NEXT_DEPLOYMENT_ID=$NEXT_DEPLOYMENT_ID
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --chown=node:node public ./public
COPY --chown=node:node scripts ./scripts
COPY --from=production-deps --chown=node:node /app/node_modules/tsx ./node_modules/tsx
# The server writes the pages it renders into .next (the page cache): the app's user owns it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["npm", "run", "serve"]
