package org.sextant.engine.testing;

/** A sweep of thousands of configurations on the sample data, for tests of what a large run does. */
public final class WideSweep {
    private WideSweep() {}

    /** SMA crossovers, fast 2..120 below slow 3..121: 7,140 configurations; seconds on KO. */
    public static final String SPEC = "{\"version\":1,\"name\":\"wide\",\"nodes\":{"
            + "\"close\":{\"type\":\"price\",\"params\":{\"field\":\"close\"}},"
            + "\"fast\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":{\"from\":2,\"to\":120,\"step\":1}}},"
            + "\"slow\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":{\"from\":3,\"to\":121,\"step\":1}}},"
            + "\"cross\":{\"type\":\"crossover\",\"inputs\":{\"fast\":\"fast\",\"slow\":\"slow\"}},"
            + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"cross\"}},"
            + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
            + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}},\"constraints\":[\"fast.length < slow.length\"]}";

    /** How many configurations {@link #SPEC} has. */
    public static final int CONFIGURATIONS = 119 * 120 / 2;
}
