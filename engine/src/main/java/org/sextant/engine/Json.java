package org.sextant.engine;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the engine: snake_case keys, ISO dates, unknown keys tolerated, numbers that are not finite as null. */
public final class Json {
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(org.sextant.contract.FiniteNumbers.module()) // an undefined statistic is null in every answer, never "NaN"
            .build();

    private Json() {}

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** A JSON object whose keys keep the order given: key, value, key, value, ... (a value may be null); the map stays mutable. */
    public static java.util.Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) throw new IllegalArgumentException("keys and values come in pairs");
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return m;
    }

    /**
     * Why a file the app wrote (a job, the layout) cannot be read, naming none of its text: the error type and
     * where. Jackson's own message quotes the offending token, and such lines reach agents through read_log.
     */
    public static String whyUnreadable(Throwable e) {
        String where = "";
        if (e instanceof tools.jackson.core.JacksonException j && j.getLocation() != null && j.getLocation().getLineNr() > 0) {
            where = " at line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr();
        }
        return e.getClass().getSimpleName() + where;
    }

    public static <T> T read(String json, Class<T> type) {
        return MAPPER.readValue(json, type);
    }
}
