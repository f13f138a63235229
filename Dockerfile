# syntax=docker/dockerfile:1
# Emporium: the API, the admin and the storefront in one image, on Node.js 24 LTS.
#   docker build -t emporium .
#   docker run -e DATABASE_URL=postgres://… -e JWT_SECRET=… -e COOKIE_SECRET=… -p 9000:9000 emporium
# The same image runs the worker (`node packages/server/dist/main.js worker`) and migrations
# (`… migrate`); see deploy/compose.yaml and deploy/k8s/.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that a source change reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
COPY packages/react/package.json packages/react/
COPY apps/admin/package.json apps/admin/
COPY apps/storefront/package.json apps/storefront/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
COPY conformance/package.json conformance/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @emporium/client -w @emporium/react -w @emporium/admin -w @emporium/storefront -w @emporium/server \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9000 \
    EMPORIUM_DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/admin/dist ./apps/admin/dist
COPY --from=build --chown=node:node /app/apps/storefront/dist ./apps/storefront/dist
RUN mkdir -p /app/data && chown node:node /app/data
# The image's own unprivileged user (uid 1000): nothing in it runs as root.
USER node
EXPOSE 9000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (no shell in between): it finishes in-flight requests, then exits.
STOPSIGNAL SIGTERM
CMD ["node", "packages/server/dist/main.js", "start", "--no-seed"]
