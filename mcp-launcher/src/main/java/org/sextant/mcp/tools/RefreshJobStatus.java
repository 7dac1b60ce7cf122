package org.sextant.mcp.tools;

/** Where an import, gather, forecast or training job stands. */
final class RefreshJobStatus extends JobStatusTool {
    RefreshJobStatus() {
        super("refresh_job_status",
                "State, progress and result of one import, gather, forecast or training job by job_id; client_hint says when to poll again.",
                "import_prices, gather_tickers, refresh_tickers, forecast_tickers or train_global_model", 2);
    }
}
