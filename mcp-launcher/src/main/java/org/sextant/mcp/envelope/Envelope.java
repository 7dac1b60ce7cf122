package org.sextant.mcp.envelope;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one shape of every tool result: ok, error, fail_reason, client_hint, data. A tool that
 * draws (render_chart) also carries images; they go to the client as MCP image content beside
 * the envelope's text, never inside it (base64 in the JSON would bloat every client's context).
 */
public record Envelope(boolean ok, String error, String failReason, String clientHint, Object data, List<Image> images) {

    /** An image beside the envelope: base64 bytes and their MIME type (image/png). */
    public record Image(String mimeType, String base64) {}

    public Envelope {
        images = images == null ? List.of() : List.copyOf(images);
    }

    public Envelope(boolean ok, String error, String failReason, String clientHint, Object data) {
        this(ok, error, failReason, clientHint, data, List.of());
    }

    public static Envelope success(Object data) {
        return new Envelope(true, null, null, null, data);
    }

    public static Envelope failure(String error, org.sextant.contract.FailReason failReason, String clientHint) {
        return new Envelope(false, error, failReason.wire(), clientHint, null);
    }

    /** Wire form with snake_case keys; every key is present, absent values are null. Images are not part of it. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", ok);
        m.put("error", error);
        m.put("fail_reason", failReason);
        m.put("client_hint", clientHint);
        m.put("data", data);
        return m;
    }
}
