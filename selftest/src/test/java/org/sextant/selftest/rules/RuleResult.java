package org.sextant.selftest.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * What a rule found: how many things it examined and its violations. A rule that examined
 * nothing has checked nothing, so it does not pass: that is a violation of its own.
 */
public record RuleResult(String rule, int examined, String examinedWhat, List<String> violations) {
    public RuleResult {
        if (examined <= 0) {
            List<String> all = new ArrayList<>(violations);
            all.add("examined no " + examinedWhat + ": the rule checked nothing, so it cannot pass"
                    + " (a matcher that finds nothing, or nothing of this kind left to check)");
            violations = all;
        }
        violations = List.copyOf(violations);
    }

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
