package org.sextant.mcp.envelope;

/** Machine codes of the envelope's fail_reason that the launcher itself produces (docs/mcp.md lists them). */
public final class FailReason {
    public static final String INVALID_INPUT = "invalid_input";
    public static final String APP_NOT_RUNNING = "app_not_running";
    public static final String CONTRACT_MISMATCH = "contract_mismatch";
    public static final String APP_AUTH_FAILED = "app_auth_failed";
    public static final String APP_ERROR = "app_error";
    public static final String TIMEOUT = "timeout";
    public static final String RUNS_DISABLED = "runs_disabled";
    public static final String PILOT_DISABLED = "pilot_disabled";
    public static final String UNKNOWN_TOOL = "unknown_tool";
    public static final String INTERNAL_ERROR = "internal_error";
    public static final String JOB_FAILED = "job_failed";
    public static final String JOB_BUSY = "job_busy";

    private FailReason() {}
}
