package org.sextant.mcp;

/** Strategy graph specs (docs/research.md) the tests run on the sample universe. */
public final class StrategySpecs {
    private StrategySpecs() {}

    /** 3 x 2 configurations: fast EMA crossing a slow SMA, long when above. */
    public static final String EMA_CROSS = spec("[10,20,30]", "[100,200]");

    /** 24 x 10 = 240 configurations: more than a tool answer inlines (LargeResult.ROW_LIMIT). */
    public static final String SWEEP_240 = spec("{\"from\":2,\"to\":25,\"step\":1}", "{\"from\":30,\"to\":39,\"step\":1}");

    private static String spec(String fast, String slow) {
        return "{\"version\":1,\"name\":\"ema cross\",\"nodes\":{"
                + "\"close\":{\"type\":\"price\"},"
                + "\"fast\":{\"type\":\"ema\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":" + fast + "}},"
                + "\"slow\":{\"type\":\"sma\",\"inputs\":{\"series\":\"close\"},\"params\":{\"length\":" + slow + "}},"
                + "\"cross\":{\"type\":\"crossover\",\"inputs\":{\"fast\":\"fast\",\"slow\":\"slow\"}},"
                + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"cross\"}},"
                + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
                + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}}}";
    }
}
