package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Calls that reach code no call graph sees: looking members up by name and running them
 * (reflection, method handles, var handles, proxies), loading classes by name or as services, and
 * native libraries (JNI). Lambdas and string concatenation are compiled to invokedynamic, not to
 * these calls, so they do not count.
 */
final class Reflection {
    private static final Map<String, Set<String>> CLASS_METHODS = Map.of(
            "java.lang.Class", Set.of("forName", "getMethod", "getMethods", "getDeclaredMethod", "getDeclaredMethods",
                    "getField", "getFields", "getDeclaredField", "getDeclaredFields", "getConstructor", "getConstructors",
                    "getDeclaredConstructor", "getDeclaredConstructors", "getRecordComponents", "getEnclosingMethod",
                    "getEnclosingConstructor", "newInstance"),
            "java.lang.ClassLoader", Set.of("loadClass", "findClass", "defineClass"),
            "java.util.ServiceLoader", Set.of("load", "loadInstalled"),
            "java.lang.Runtime", Set.of("load", "loadLibrary"),
            "java.lang.System", Set.of("load", "loadLibrary"));

    static final Predicate<AccessTarget.CodeUnitAccessTarget> MATCHER = Reflection::calls;

    private Reflection() {}

    static boolean calls(AccessTarget.CodeUnitAccessTarget t) {
        String owner = t.getOwner().getName();
        if (CLASS_METHODS.getOrDefault(owner, Set.of()).contains(t.getName())) return true;
        // every member of java.lang.reflect runs or exposes code by name, except building arrays (Array)
        if (owner.startsWith("java.lang.reflect.") && !owner.equals("java.lang.reflect.Array")) return true;
        return owner.startsWith("java.lang.invoke.") && !owner.startsWith("java.lang.invoke.LambdaMetafactory")
                && !owner.startsWith("java.lang.invoke.StringConcatFactory");
    }
}
