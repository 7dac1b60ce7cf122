package org.sextant.contract;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Numbers as every answer writes them: a value that is not finite (an undefined statistic, NaN;
 * an unbounded one, ±Infinity) is JSON null, never the string "NaN" a typed client cannot read
 * as a number (JSON has no such number). Read back (the CLI and the GUI read the app's answers
 * into the engine's records) a null where a {@code double} is declared is NaN again, as it was.
 * A field that means something else by null says so itself (a reward/risk ratio reads it as unbounded).
 */
public final class FiniteNumbers {
    private FiniteNumbers() {}

    /** The module to register on a mapper whose JSON leaves the process. */
    public static SimpleModule module() {
        SimpleModule m = new SimpleModule("finite-numbers");
        m.addSerializer(Double.class, new DoubleWriter());
        m.addSerializer(Double.TYPE, new DoubleWriter());
        m.addSerializer(Float.class, new FloatWriter());
        m.addSerializer(Float.TYPE, new FloatWriter());
        m.addSerializer(double[].class, new DoubleArrayWriter());
        m.addDeserializer(Double.TYPE, new NullAsNaN());
        m.addDeserializer(Float.TYPE, new FloatNullAsNaN());
        m.addDeserializer(double[].class, new DoubleArrayReader());
        return m;
    }

    private static void write(double v, JsonGenerator gen) {
        if (Double.isFinite(v)) gen.writeNumber(v);
        else gen.writeNull();
    }

    static final class DoubleWriter extends ValueSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializationContext ctxt) {
            write(value, gen);
        }
    }

    static final class FloatWriter extends ValueSerializer<Float> {
        @Override
        public void serialize(Float value, JsonGenerator gen, SerializationContext ctxt) {
            if (Float.isFinite(value)) gen.writeNumber(value);
            else gen.writeNull();
        }
    }

    static final class DoubleArrayWriter extends ValueSerializer<double[]> {
        @Override
        public void serialize(double[] value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeStartArray(value, value.length);
            for (double v : value) write(v, gen);
            gen.writeEndArray();
        }
    }

    /** A {@code double} read from JSON: a number, or null (or an older answer's "NaN" text) as NaN. */
    static final class NullAsNaN extends ValueDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) {
            return read(p, ctxt);
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.NaN;
        }
    }

    static final class FloatNullAsNaN extends ValueDeserializer<Float> {
        @Override
        public Float deserialize(JsonParser p, DeserializationContext ctxt) {
            return (float) read(p, ctxt);
        }

        @Override
        public Float getNullValue(DeserializationContext ctxt) {
            return Float.NaN;
        }
    }

    static final class DoubleArrayReader extends ValueDeserializer<double[]> {
        @Override
        public double[] deserialize(JsonParser p, DeserializationContext ctxt) {
            if (!p.isExpectedStartArrayToken()) return (double[]) ctxt.handleUnexpectedToken(double[].class, p);
            double[] out = new double[8];
            int n = 0;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (n == out.length) out = java.util.Arrays.copyOf(out, 2 * n);
                out[n++] = t == JsonToken.VALUE_NULL ? Double.NaN : read(p, ctxt);
            }
            return java.util.Arrays.copyOf(out, n);
        }
    }

    private static double read(JsonParser p, DeserializationContext ctxt) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) return p.getDoubleValue();
        if (t == JsonToken.VALUE_STRING) {
            String s = p.getString().trim();
            try {
                return Double.parseDouble(s); // "NaN", "Infinity" as answers wrote them before, or a quoted number
            } catch (NumberFormatException e) {
                return (Double) ctxt.handleWeirdStringValue(Double.class, s, "not a number");
            }
        }
        return (Double) ctxt.handleUnexpectedToken(Double.TYPE, p);
    }
}
