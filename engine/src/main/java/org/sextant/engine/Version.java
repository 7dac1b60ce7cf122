package org.sextant.engine;

/** Version of the app and the major of the local API contract the launcher speaks. */
public final class Version {
    public static final String APP = "0.1.0";
    /** Bump when a local API route changes shape; the launcher refuses a different major. */
    public static final int CONTRACT = org.sextant.contract.Capabilities.MAJOR;

    private Version() {}
}
