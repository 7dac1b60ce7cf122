package org.sextant.mcp.app;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/** Turns the app's {"ok", "data"} / {"ok": false, "error", "fail_reason", "field", "fix"} into data or a failure. */
final class ApiReply {
    private ApiReply() {}

    static Map<String, Object> unwrap(String method, int status, byte[] body) throws ToolFailure {
        // Token and Host/Origin refusals are about the launcher, whatever the body says: our own hint.
        if (status == 401 || status == 403) throw statusFailure(method, status, "refused the request");
        Map<String, Object> reply;
        try {
            reply = AnswerReader.readObject(body); // long tables as compact rows, not a whole tree
        } catch (RuntimeException e) {
            throw statusFailure(method, status, "answered HTTP " + status + " with a body that is not JSON");
        }
        if (Boolean.TRUE.equals(reply.get("ok")) && status / 100 == 2) {
            Object data = reply.get("data");
            if (data instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) m;
                return typed;
            }
            Map<String, Object> wrapped = new LinkedHashMap<>();
            wrapped.put("value", data);
            return wrapped;
        }
        if (!(reply.get("error") instanceof String error)) {
            throw statusFailure(method, status, "answered HTTP " + status + " without an error message");
        }
        String field = reply.get("field") instanceof String f && !f.isBlank() ? f : null;
        FailReason reason = FailReason.fromWire(reply.get("fail_reason") instanceof String r && !r.isBlank() ? r : null);
        String fix = reply.get("fix") instanceof String x && !x.isBlank() ? x : null;
        String message = field == null ? error : error + " (field: " + field + ")";
        ToolFailure failure = new ToolFailure(reason, message, fix);
        if (reply.get("details") instanceof Map<?, ?> d && !d.isEmpty()) {
            Map<String, Object> details = new LinkedHashMap<>();
            d.forEach((k, v) -> details.put(String.valueOf(k), v));
            failure.withDetails(details);
        }
        throw failure;
    }

    private static ToolFailure statusFailure(String method, int status, String what) {
        if (status == 401) {
            return new ToolFailure(FailReason.APP_AUTH_FAILED,
                    "the app refused the token from run/app.json for '" + method + "' (HTTP 401)",
                    "the app may have just restarted: call again; if it persists, restart the Sextant app");
        }
        if (status == 403) {
            return new ToolFailure(FailReason.APP_AUTH_FAILED,
                    "the app refused the request for '" + method + "' (HTTP 403, Host or Origin check)",
                    "report this to the person: the launcher and app disagree on the loopback address");
        }
        if (status == 404) {
            return new ToolFailure(FailReason.CONTRACT_MISMATCH,
                    "the app does not know the method '" + method + "' (HTTP 404)",
                    "the person must install the same Sextant release for the app and sextant-mcp");
        }
        return new ToolFailure(FailReason.APP_ERROR, "the app " + what + " for '" + method + "'",
                "call health_check; if the app is unhealthy the person should look at SEXTANT_HOME/logs/sextant.log");
    }
}
