FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY worker/package.json worker/
COPY api/package.json api/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web
USER node
EXPOSE 3000
CMD ["npx", "tsx", "--max-semi-space-size=8", "api/src/server.ts"]
