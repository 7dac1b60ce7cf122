package org.sextant.engine;

/**
 * A failure the caller can act on: what failed, the input field at fault (if any), the fix,
 * and a machine code that transports pass through unchanged (DESIGN.md fail_reason).
 */
public class SextantException extends RuntimeException {
    private final String failReason;
    private final String field;
    private final String fix;
    private final java.util.Map<String, Object> details = new java.util.LinkedHashMap<>();

    public SextantException(String failReason, String message, String field, String fix) {
        super(message);
        this.failReason = failReason;
        this.field = field;
        this.fix = fix;
    }

    public SextantException(String failReason, String message, String field, String fix, Throwable cause) {
        super(message, cause);
        this.failReason = failReason;
        this.field = field;
        this.fix = fix;
    }

    /** Bad input from the caller: names the field and how to fix it. */
    public static SextantException invalid(String field, String message, String fix) {
        return new SextantException("invalid_input", message, field, fix);
    }

    public static SextantException notFound(String field, String message, String fix) {
        return new SextantException("not_found", message, field, fix);
    }

    /** Adds a machine-readable detail (e.g. active_job_id) that transports pass on. */
    public SextantException withDetail(String key, Object value) {
        details.put(key, value);
        return this;
    }

    public java.util.Map<String, Object> details() { return details; }

    public String failReason() { return failReason; }
    public String field() { return field; }
    public String fix() { return fix; }
}
