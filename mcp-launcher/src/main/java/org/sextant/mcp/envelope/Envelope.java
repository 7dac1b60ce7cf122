package org.sextant.mcp.envelope;

import java.util.LinkedHashMap;
import java.util.Map;

/** The one shape of every tool result: ok, error, fail_reason, client_hint, data. */
public record Envelope(boolean ok, String error, String failReason, String clientHint, Object data) {

    public static Envelope success(Object data) {
        return new Envelope(true, null, null, null, data);
    }

    public static Envelope failure(String error, String failReason, String clientHint) {
        return new Envelope(false, error, failReason, clientHint, null);
    }

    /** Wire form with snake_case keys; every key is present, absent values are null. */
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
