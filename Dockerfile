# The shop's production image (docs/deployment.md): built with the dev dependencies, run with the production ones only.
#   docker build -t game-shop .
# Both stages use the same Debian base, so the native packages npm picks (argon2's prebuilt binary) match at run time.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# the manifests first: the dependency layer is rebuilt only when they change
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
# the web app (apps/web/dist), the console (apps/console/dist) and the compiled server (apps/server/dist)
RUN npm run build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    SHOP_ENV=production \
    PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
# the server's production dependencies only: no tsx, esbuild, Vite or the web app's libraries (it is built already);
# none of them needs an install script
RUN npm ci --omit=dev --workspace @shop/server --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/console/dist apps/console/dist
# the files stay root's: the shop runs as the image's unprivileged user and writes nothing here (data lives in PostgreSQL)
USER node
EXPOSE 8080
# ready = the process answers and its database does; slim images have no curl, Node has fetch
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, as the main process: SIGTERM reaches the shop's graceful shutdown directly
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
