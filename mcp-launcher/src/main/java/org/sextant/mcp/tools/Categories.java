package org.sextant.mcp.tools;

import java.util.List;

/** The groups focus_category narrows tools/list to; "core" tools stay listed under any focus. */
public final class Categories {
    public static final String CORE = "core";
    public static final String DATA = "data";
    public static final String JOBS = "jobs";
    public static final String RESEARCH = "research";
    public static final String APP = "app";
    /** What focus_category accepts (core is always listed, so it is no focus of its own). */
    public static final List<String> FOCUSABLE = List.of(DATA, JOBS, RESEARCH, APP);

    private Categories() {}
}
