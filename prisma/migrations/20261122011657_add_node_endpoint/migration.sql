-- CreateTable
CREATE TABLE "node_endpoint" (
    "network" "network" NOT NULL,
    "node_id" VARCHAR(64) NOT NULL,
    "http_url" VARCHAR(512) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "node_endpoint_pkey" PRIMARY KEY ("network","node_id")
);
