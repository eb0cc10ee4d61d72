# syntax=docker/dockerfile:1
# The league platform: build with cargo, run as a non-root user in a slim
# Debian image. Data (the SQLite database and the generated cookie key) lives
# in the /data volume; set DATABASE_URL=postgres://… to use PostgreSQL.

FROM rust:1.95-slim-bookworm AS build
# perl and make build the vendored OpenSSL and libpq (see Cargo.toml).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends make perl pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The workspace: its manifest names the tests, benchmarks and the load
# client, so they are copied too; .cargo holds the SQLite build flags.
COPY Cargo.toml Cargo.lock ./
COPY .cargo ./.cargo
COPY src ./src
COPY crates ./crates
COPY tests ./tests
COPY benches ./benches
COPY bench ./bench
COPY templates ./templates
COPY locales ./locales
COPY static ./static
RUN cargo build --release --locked

FROM debian:bookworm-slim
# libpq5 for operators who swap in a system libpq; curl for the health check.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates libpq5 curl \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 league \
    && useradd --system --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin league \
    && mkdir -p /data \
    && chown league:league /data
WORKDIR /app
COPY --from=build /src/target/release/league /usr/local/bin/league
COPY --from=build /src/static ./static
ENV LEAGUE_BIND=0.0.0.0:8080 \
    LEAGUE_DATA_DIR=/data \
    LEAGUE_STATIC_DIR=/app/static
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["curl", "--fail", "--silent", "--show-error", "http://127.0.0.1:8080/health"]
ENTRYPOINT ["/usr/local/bin/league"]
CMD ["serve"]
