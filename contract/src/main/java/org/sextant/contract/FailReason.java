package org.sextant.contract;

import java.util.Locale;

/**
 * Every machine code a Sextant answer may carry as {@code fail_reason}: the app's refusals, the
 * launcher's own, and the pilot queue's. One list, so that an agent can rely on the set
 * (docs/mcp.md, "fail_reason codes", is checked against it).
 */
public enum FailReason {
    INVALID_INPUT("an argument is missing, malformed or out of bounds"),
    NOT_FOUND("the named symbol, run, job or file does not exist"),
    FORBIDDEN("the request is not allowed on this path (a read that would write, a path outside SEXTANT_HOME, a refused token)"),
    RESOURCE_LIMIT("the request would take more memory or work than the app allows one request"),
    TIMEOUT("the request ran past its time bound"),
    DB_NOT_READY("the store cannot be opened or is closed"),
    DB_ERROR("the store refused a read or a write"),
    IO_ERROR("a file could not be read or written"),
    JOB_BUSY("another writer job runs"),
    JOB_UNKNOWN("no job has that id"),
    JOB_FAILED("a followed job ended failed or cancelled"),
    EXPIRED("a pilot command waited longer than its deadline"),
    EXTERNAL_FAILED("an external model command failed"),
    PROVIDER_ERROR("a data provider refused or failed"),
    RATE_LIMITED("too many requests"),
    UNKNOWN_METHOD("the app serves no such local API method"),
    NO_WINDOW("the app runs headless: window commands cannot run"),
    NO_VIEW("the window has no such view"),
    APP_NOT_RUNNING("the app is not running or does not answer"),
    APP_RUNNING("another Sextant app already runs on this SEXTANT_HOME"),
    APP_AUTH_FAILED("the app refused the launcher's token or Host"),
    APP_ERROR("the app failed without a structured answer"),
    CONTRACT_MISMATCH("the app speaks another contract major"),
    RUNS_DISABLED("a write tool was called without SEXTANT_ALLOW_RUNS=1"),
    PILOT_DISABLED("an app-driving tool was called without SEXTANT_HOME/.mcp_pilot"),
    UNKNOWN_TOOL("no tool has that name"),
    INTERNAL_ERROR("a bug: the request failed in an unexpected way");

    private final String meaning;

    FailReason(String meaning) {
        this.meaning = meaning;
    }

    /** The code on the wire, e.g. {@code invalid_input} (also how Jackson writes it). */
    @com.fasterxml.jackson.annotation.JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String meaning() {
        return meaning;
    }

    /** The reason a wire code names; an unknown code (another release's) is {@link #APP_ERROR}. */
    public static FailReason fromWire(String code) {
        if (code == null) return APP_ERROR;
        for (FailReason r : values()) {
            if (r.wire().equals(code)) return r;
        }
        return APP_ERROR;
    }

    @Override
    public String toString() {
        return wire();
    }
}
