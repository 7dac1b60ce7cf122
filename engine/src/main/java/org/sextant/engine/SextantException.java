package org.sextant.engine;

import org.sextant.contract.FailReason;

/**
 * A failure the caller can act on: what failed, the input field at fault (if any), the fix,
 * and a machine code from the contract's one list that transports pass through unchanged.
 */
public class SextantException extends RuntimeException {
    private final FailReason reason;
    private final String field;
    private final String fix;
    private final java.util.Map<String, Object> details = new java.util.LinkedHashMap<>();

    public SextantException(FailReason reason, String message, String field, String fix) {
        super(message);
        this.reason = reason;
        this.field = field;
        this.fix = fix;
    }

    public SextantException(FailReason reason, String message, String field, String fix, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.field = field;
        this.fix = fix;
    }

    /** Bad input from the caller: names the field and how to fix it. */
    public static SextantException invalid(String field, String message, String fix) {
        return new SextantException(FailReason.INVALID_INPUT, message, field, fix);
    }

    public static SextantException notFound(String field, String message, String fix) {
        return new SextantException(FailReason.NOT_FOUND, message, field, fix);
    }

    /** Adds a machine-readable detail (e.g. active_job_id) that transports pass on. */
    public SextantException withDetail(String key, Object value) {
        details.put(key, value);
        return this;
    }

    public java.util.Map<String, Object> details() { return details; }

    public FailReason reason() { return reason; }

    /** The reason's wire code, as the envelope carries it. */
    public String failReason() { return reason.wire(); }

    public String field() { return field; }
    public String fix() { return fix; }
}
