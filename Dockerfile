# Flightline's image, in two stages (docs/deploy.md, Container): `build`
# installs every dependency and builds the web app and the server's
# JavaScript; the runtime stage has Node.js, the production dependencies and
# what was built — no TypeScript, Vite or tsx. compose.yaml runs it for the
# server processes and the one-shot migration.
#
# scripts/container/image.container.test.ts (`npm test -- container`) carries
# out these very lines without a container engine: keep to the instructions it
# knows (FROM, WORKDIR, ENV, COPY, RUN, USER, EXPOSE, HEALTHCHECK, CMD) and
# to paths relative to WORKDIR in RUN.

FROM node:24-slim AS build
WORKDIR /app
# Dependencies first, so a change of code reuses this layer.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
# With the dev dependencies (no NODE_ENV=production here): the builds need Vite, esbuild and tsx.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/build-server.ts scripts/
COPY packages/domain packages/domain
COPY packages/server packages/server
COPY packages/web packages/web
# The web app into packages/web/dist, the server into packages/server/dist (with its migrations);
# data/ is the runtime's empty folder for the embedded database.
RUN npm run build && npm run build:server && mkdir data

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
# The server's dependencies only. --omit=optional too: better-auth's optional peer vitest (the
# root's dev dependency) is kept by --omit=dev alone, and with it Vite, tsx and esbuild.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --workspace=@flightline/server --no-audit --no-fund
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# Everything above is root's and read-only to the server; it writes only here (DATA_DIR=./data,
# the embedded database when there is no DATABASE_URL: mount a volume on /app/data).
COPY --from=build --chown=node:node /app/data data
USER node

EXPOSE 3000
# The readiness call: 503 while the process drains on `docker stop` or cannot reach its database.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 and gets SIGTERM from `docker stop`: it drains for
# DRAIN_SECONDS, ends the event streams and closes (README, Stopping).
CMD ["node", "--enable-source-maps", "packages/server/dist/main.js"]
