package org.sextant.engine.forecast;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;

/**
 * A ratio without a bound as answers write it: null, never the string "Infinity" (JSON has no such
 * number, and clients read it as text); read back (the CLI prints the app's answer) as the unbounded ratio.
 */
final class UnboundedAsNull {
    private UnboundedAsNull() {}

    static final class Writer extends ValueSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializationContext ctxt) {
            if (value == null || !Double.isFinite(value)) gen.writeNull();
            else gen.writeNumber(value);
        }
    }

    static final class Reader extends ValueDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) {
            return p.getValueAsDouble();
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.POSITIVE_INFINITY;
        }
    }
}
