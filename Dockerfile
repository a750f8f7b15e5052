# Tuma's production image: the built JavaScript on Node 24, without the dev dependencies, as a
# non-root user (docs/deployment.md, "The production install").
#
#   docker build --build-arg TUMA_COMMIT=$(git rev-parse HEAD) -t tuma .
#   docker compose up          # compose.yaml: PostgreSQL 15, an api and a worker process
#
# The machines this project is tested on cannot pull base images: test/process/production-install.test.ts
# runs these same commands (npm ci, npm run build, npm prune --omit=dev, npm run start:prod) on a
# copy of the checkout instead, and test/architecture/deployment-files.test.ts holds this file to them.

FROM node:24-slim AS build
WORKDIR /app
COPY . .
# The sources come without .git: the build is told its commit (GET /health names it).
ARG TUMA_COMMIT=""
RUN npm ci --no-audit --no-fund \
 && TUMA_COMMIT="$TUMA_COMMIT" npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production TUMA_DATA_DIR=/var/lib/tuma PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /var/lib/tuma && chown node:node /var/lib/tuma
USER node
# The HTTP APIs and console, SMTP submission, inbound SMTP (bounces, complaints, forwards).
EXPOSE 3000 2587 2525
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["npm", "run", "start:prod"]
