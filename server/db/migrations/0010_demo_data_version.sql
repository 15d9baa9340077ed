-- Rows stored before this column read as null: demo data stored then is from an older generator than the demo
-- provider's dataVersion, so the next start replaces it as a whole (stock-refresh.ts, fillMarkets); real providers'
-- rows stay null and are left alone.
ALTER TABLE "stock_data_state" ADD COLUMN "source_version" text;
