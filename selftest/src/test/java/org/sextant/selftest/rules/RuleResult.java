package org.sextant.selftest.rules;

import java.util.List;

/** What a rule found: how many things it examined (so an empty check is visible) and its violations. */
public record RuleResult(String rule, int examined, String examinedWhat, List<String> violations) {
    public boolean passed() {
        return violations.isEmpty();
    }

    public String summary() {
        return rule + ": examined " + examined + " " + examinedWhat
                + (passed() ? "" : ", " + violations.size() + " violation(s)");
    }

    /** Throws with every violation listed, so a failing build says what to fix. */
    public RuleResult check() {
        if (!passed()) {
            throw new AssertionError(rule + " violated:\n  - " + String.join("\n  - ", violations));
        }
        return this;
    }
}
