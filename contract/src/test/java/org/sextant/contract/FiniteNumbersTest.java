package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Numbers that are not finite are null on the wire (never "NaN"), and read back as NaN where a double is declared. */
class FiniteNumbersTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().addModule(FiniteNumbers.module()).build();

    record Stats(double psr, Double dsr, double[] coverage, float f) {}

    @Test
    void nonFiniteNumbersAreWrittenAsNullAndReadBackAsNaN() {
        Stats s = new Stats(Double.NaN, Double.POSITIVE_INFINITY, new double[] {0.5, Double.NaN, Double.NEGATIVE_INFINITY}, Float.NaN);
        String json = MAPPER.writeValueAsString(s);
        assertEquals("{\"coverage\":[0.5,null,null],\"dsr\":null,\"f\":null,\"psr\":null}", normalise(json));
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("psr", Double.NaN);
        map.put("sharpe", 1.25);
        assertEquals("{\"psr\":null,\"sharpe\":1.25}", MAPPER.writeValueAsString(map));

        Stats back = MAPPER.readValue(json, Stats.class);
        assertEquals(Double.NaN, back.psr());
        assertEquals(null, back.dsr(), "a boxed number stays null: nothing to say");
        assertArrayEquals(new double[] {0.5, Double.NaN, Double.NaN}, back.coverage());
        // what answers wrote before still reads
        Stats old = MAPPER.readValue("{\"psr\":\"NaN\",\"coverage\":[\"NaN\",1,\"Infinity\"]}", Stats.class);
        assertEquals(Double.NaN, old.psr());
        assertArrayEquals(new double[] {Double.NaN, 1, Double.POSITIVE_INFINITY}, old.coverage());
    }

    /** Record properties come out in declaration or alphabetical order depending on the mapper's defaults: compare sorted. */
    private static String normalise(String json) {
        return MAPPER.writeValueAsString(new java.util.TreeMap<>(MAPPER.readValue(json, Map.class)));
    }
}
