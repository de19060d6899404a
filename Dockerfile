# The Flightline app, as the README runs it: `npm ci`, `npm run build` (the
# web app), then the server (`npm run serve`'s command), as a non-root user.
# Used by compose.yaml for the server processes and the one-shot migration;
# docs/deploy.md has the commands.
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000

WORKDIR /app
RUN chown node:node /app
USER node

# Dependencies first, so a change of code reuses this layer. `npm ci` installs
# the dev dependencies too: the server runs its TypeScript with tsx, and the
# build needs Vite.
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node packages/domain/package.json packages/domain/
COPY --chown=node:node packages/server/package.json packages/server/
COPY --chown=node:node packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund

COPY --chown=node:node . .
RUN npm run build

EXPOSE 3000
# node itself is PID 1 and gets SIGTERM from `docker stop`: it drains for
# DRAIN_SECONDS, ends the event streams and closes (README, Stopping).
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
