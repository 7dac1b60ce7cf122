package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.home.AppState;
import org.sextant.engine.home.Settings;

/**
 * The app side of "state leaves the machine only through the secret-masking function": the
 * state served to readers (state.json, which agents read) is built only where the settings are
 * passed through {@link Settings#masked()}.
 */
public final class EngineRules {
    private EngineRules() {}

    public static JavaClasses engine() {
        return Shipped.of("org.sextant.engine");
    }

    public static RuleResult stateIsBuiltOnlyFromMaskedSettings(JavaClasses classes) {
        List<String> v = new ArrayList<>();
        int n = 0;
        JavaClass state = classes.get(AppState.class);
        for (com.tngtech.archunit.core.domain.JavaConstructor ctor : state.getConstructors()) {
            for (JavaConstructorCall call : ctor.getCallsOfSelf()) {
                JavaCodeUnit origin = call.getOrigin();
                if (origin.getOwner().getName().startsWith(AppState.class.getName())) continue; // its own copies
                n++;
                boolean masks = origin.getMethodCallsFromSelf().stream()
                        .anyMatch(c -> c.getTarget().getOwner().getName().equals(Settings.class.getName())
                                && c.getTarget().getName().equals("masked"));
                if (!masks) {
                    v.add(origin.getFullName() + " (line " + call.getLineNumber()
                            + ") builds the app state without calling Settings.masked()");
                }
            }
        }
        if (n == 0) v.add("nothing builds AppState: the rule found no state to check");
        return new RuleResult("state leaves the machine only through the secret-masking function", n,
                "places that build the app state", v);
    }
}
