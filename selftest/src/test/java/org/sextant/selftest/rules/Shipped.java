package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shipped classes of packages (test classes, fixtures among them, left out), imported once per
 * test JVM: the rules only read them, and each fixture test used to scan the class path again for
 * the same classes (RulesCanFailTest: 30 tests, about 60 scans).
 */
final class Shipped {
    private static final Map<List<String>, JavaClasses> IMPORTED = new ConcurrentHashMap<>();
    private static final Map<String, List<Location>> LOCATED = new ConcurrentHashMap<>();

    private Shipped() {}

    static JavaClasses of(String... packages) {
        return IMPORTED.computeIfAbsent(List.of(packages), p -> new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(p));
    }

    /** The shipped classes of {@code pkg} and {@code fixtures}, imported together so that the fixtures resolve against them. */
    static JavaClasses with(String pkg, List<Class<?>> fixtures) {
        List<Location> all = new ArrayList<>(LOCATED.computeIfAbsent(pkg, p -> {
            List<Location> out = new ArrayList<>();
            for (JavaClass c : of(p)) out.add(classFile(c.getName()));
            return List.copyOf(out);
        }));
        for (Class<?> f : fixtures) all.add(classFile(f.getName()));
        return new ClassFileImporter().importLocations(all);
    }

    /**
     * The class file itself, from the class loader: ClassFileImporter.importClasses finds each class's
     * location by parsing the whole class path again (most of RulesCanFailTest's time).
     */
    private static Location classFile(String className) {
        URL url = Shipped.class.getClassLoader().getResource(className.replace('.', '/') + ".class");
        if (url == null) throw new IllegalStateException("class " + className + " not found on the test class path");
        return Location.of(url);
    }
}
