package org.sextant.engine.api;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/**
 * The arguments of one local API call, with typed accessors that name the field on bad input, and
 * the client that sent it ({@link LocalApiServer#client}; null for the app's own calls).
 */
public record ApiCall(String method, JsonNode args, String client) {
    public ApiCall(String method, JsonNode args) {
        this(method, args, null);
    }

    /**
     * This call with each number as the double a route reads (the server reads fractions exactly, so that 1e400 and
     * 1e-400 are refused as sent); itself when it holds no fraction. Once per call, after its arguments are checked.
     */
    ApiCall held() {
        JsonNode h = args == null ? null : org.sextant.contract.HeldNumbers.held(args);
        return h == args ? this : new ApiCall(method, h, client);
    }

    public String text(String field) {
        JsonNode n = args.get(field);
        if (n == null || n.isNull()) return null;
        if (!n.isString() && !n.isNumber()) {
            throw SextantException.invalid(field, field + " must be a string", "pass " + field + " as a JSON string");
        }
        return n.asString();
    }

    public String requiredText(String field, String example) {
        String v = text(field);
        if (v == null || v.isBlank()) {
            throw SextantException.invalid(field, field + " is missing", "pass " + field + ", e.g. " + example);
        }
        return v;
    }

    /** A JSON document given either as a string or inline as an object; returned as text. */
    public String json(String field) {
        JsonNode n = args.get(field);
        if (n == null || n.isNull()) return null;
        return n.isString() ? n.asString() : n.toString();
    }

    /** All arguments as plain Java values, for engine calls that validate their own keys. */
    @SuppressWarnings("unchecked")
    public java.util.Map<String, Object> asMap() {
        return org.sextant.engine.Json.MAPPER.convertValue(args, java.util.Map.class);
    }

    public LocalDate date(String field) {
        String v = text(field);
        if (v == null || v.isBlank()) return null;
        try {
            return LocalDate.parse(v.trim());
        } catch (DateTimeParseException e) {
            throw SextantException.invalid(field, field + " '" + v + "' is not a date", "use ISO format yyyy-MM-dd, e.g. 2000-01-31");
        }
    }

    public Integer integer(String field) {
        JsonNode n = args.get(field);
        if (n == null || n.isNull()) return null;
        if (n.isIntegralNumber() && n.canConvertToInt()) return n.asInt();
        // 1e3 and 1000.0 are whole numbers too: JSON writers emit large doubles so
        if (n.isFloatingPointNumber() && n.canConvertToExactIntegral() && n.canConvertToInt()) return n.asInt();
        if (n.isIntegralNumber() || (n.isFloatingPointNumber() && n.canConvertToExactIntegral())) {
            throw SextantException.invalid(field, field + " is a whole number too large to use", "pass " + field + " within the range its description gives");
        }
        if (n.isString()) {
            try {
                return Integer.parseInt(n.asString().trim());
            } catch (NumberFormatException ignored) {
                // falls through to the error below
            }
        }
        throw SextantException.invalid(field, field + " must be a whole number", "pass " + field + " as an integer, e.g. 100");
    }

    /** true/false, or null when absent. */
    public Boolean bool(String field) {
        JsonNode n = args.get(field);
        if (n == null || n.isNull()) return null;
        if (n.isBoolean()) return n.booleanValue();
        if (n.isString() && (n.asString().equalsIgnoreCase("true") || n.asString().equalsIgnoreCase("false"))) return Boolean.parseBoolean(n.asString());
        throw SextantException.invalid(field, field + " must be true or false", "pass " + field + " as a JSON boolean");
    }

    public List<String> textList(String field, String example) {
        JsonNode n = args.get(field);
        if (n == null || n.isNull() || (n.isArray() && n.isEmpty())) {
            throw SextantException.invalid(field, field + " is missing", "pass " + field + " as a JSON array, e.g. " + example);
        }
        List<String> out = new ArrayList<>();
        if (n.isString()) {
            out.add(n.asString());
            return out;
        }
        if (!n.isArray()) throw SextantException.invalid(field, field + " must be an array of strings", "e.g. " + example);
        for (JsonNode e : n) {
            if (!e.isString()) throw SextantException.invalid(field, field + " must contain only strings", "e.g. " + example);
            out.add(e.asString());
        }
        return out;
    }
}
