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

    /**
     * Longest field an error names: an argument's or a column's name, never a user's whole cell; a
     * caller's unknown name as ShownText shows it fits whole, its "… (N characters)" included, and so
     * does a path of up to 32 characters before it (signals_dict.&lt;the caller's key&gt;).
     */
    public static final int MAX_FIELD = org.sextant.contract.ShownText.LONGEST_NAME + 32;
    /** Longest message or fix an error carries (answers, job files and the log repeat them). */
    public static final int MAX_TEXT = 4000;

    public SextantException(FailReason reason, String message, String field, String fix) {
        super(shown(message, MAX_TEXT));
        this.reason = reason;
        this.field = shown(field, MAX_FIELD);
        this.fix = shown(fix, MAX_TEXT);
    }

    public SextantException(FailReason reason, String message, String field, String fix, Throwable cause) {
        super(shown(message, MAX_TEXT), cause);
        this.reason = reason;
        this.field = shown(field, MAX_FIELD);
        this.fix = shown(fix, MAX_TEXT);
    }

    /**
     * An error's text as every transport shows it: what a caller sent (a symbol, an id, a key, a SQL
     * text DuckDB quotes back) and what a user's file holds is echoed with its control characters and
     * direction marks escaped (ShownText), here once rather than at each message that quotes it.
     */
    private static String shown(String text, int max) {
        return bounded(org.sextant.contract.ShownText.escaped(text), max);
    }

    /**
     * {@code text} cut to at most {@code max} characters, ending in an ellipsis when cut: a column
     * name of 50 MB in a CSV header must not become a 50 MB answer or job file.
     */
    public static String bounded(String text, int max) {
        if (text == null || text.length() <= max) return text;
        int end = max - 1;
        if (Character.isHighSurrogate(text.charAt(end - 1))) end--; // never half a character
        int escape = text.lastIndexOf("\\u", end - 1);
        if (escape >= 0 && escape + 6 > end) end = escape; // nor half of an escape ShownText wrote
        return text.substring(0, end) + "\u2026";
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
