# One image for every process of the service: the API (`npm start`), the projector
# (`npm run projector`) and the terrain workers (`npm run worker`); docker-compose.yml picks the
# command. TypeScript runs through tsx, which is a runtime dependency, so there is no build step
# and `npm ci --omit=dev` installs everything the processes need. Node 24 is the supported runtime
# (README, Quick start).
FROM node:24-bookworm-slim

ENV NODE_ENV=production
WORKDIR /app

# The generated maps' marginalia (title block, legend, grid labels) are drawn in DejaVu Sans.
# GDAL's ogr2ogr converts OSM extracts for `npm run import-source` (README "Terrain sources").
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core gdal-bin \
  && rm -rf /var/lib/apt/lists/*

# Dependencies first: this layer is reused until package.json or the lockfile changes. `.npmrc` and
# `--omit=optional` (a command-line --omit replaces the .npmrc list) keep node-llama-cpp's CUDA and
# Vulkan builds out; the platform binaries the service needs are direct dependencies.
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force

COPY . .

# Run as the image's unprivileged `node` user. The embedded state (DATA_DIR=./data) and the shared
# tile volume must be writable by it; a named volume mounted on an existing directory takes that
# directory's owner.
RUN mkdir -p /app/data /var/lib/ops/tiles && chown node:node /app/data /var/lib/ops/tiles
USER node

ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
CMD ["npm", "start"]
