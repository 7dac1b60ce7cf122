package org.sextant.mcp.envelope;

import org.sextant.contract.FailReason;
import org.sextant.contract.ShownText;

/**
 * A named failure on the way to a tool result. Thrown inside the launcher and always turned
 * into an envelope by the dispatcher, never passed to the SDK.
 */
public final class ToolFailure extends Exception {
    private final FailReason failReason;
    private final String clientHint;
    /** Machine-readable facts about the failure (job_busy: active_job_id); sent as the envelope's data. */
    private java.util.Map<String, Object> details = java.util.Map.of();

    // Escaped here, once for every failure: a message quotes what the agent sent (a symbol, a path, a
    // tool name) or what the app answered, and a client's pane would run its ESC or show its U+202E.
    public ToolFailure(FailReason failReason, String error, String clientHint) {
        super(ShownText.escaped(error));
        this.failReason = failReason;
        this.clientHint = ShownText.escaped(clientHint);
    }

    public ToolFailure(FailReason failReason, String error, String clientHint, Throwable cause) {
        super(ShownText.escaped(error), cause);
        this.failReason = failReason;
        this.clientHint = ShownText.escaped(clientHint);
    }

    public static ToolFailure invalidInput(String field, String problem, String fix) {
        return new ToolFailure(FailReason.INVALID_INPUT, "argument '" + field + "': " + problem, fix);
    }

    public ToolFailure withDetails(java.util.Map<String, Object> details) {
        this.details = details == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
        return this;
    }

    public java.util.Map<String, Object> details() {
        return details;
    }

    public FailReason reason() {
        return failReason;
    }

    /** The reason's wire code. */
    public String failReason() {
        return failReason.wire();
    }

    public String clientHint() {
        return clientHint;
    }

    public Envelope toEnvelope() {
        return new Envelope(false, getMessage(), failReason.wire(), clientHint, details.isEmpty() ? null : details);
    }
}
