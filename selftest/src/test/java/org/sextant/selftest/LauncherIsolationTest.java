package org.sextant.selftest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The launcher speaks to the app only over HTTP: it must never link the engine (which would
 * tempt it to open the store) nor DuckDB (which cannot open a file another process holds).
 */
class LauncherIsolationTest {
    private static JavaClasses launcher;

    @BeforeAll
    static void importLauncher() {
        launcher = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.sextant.mcp");
    }

    static final ArchRule NO_ENGINE = noClasses().that().resideInAPackage("org.sextant.mcp..")
            .should().dependOnClassesThat().resideInAnyPackage("org.sextant.engine..", "org.sextant.app..", "org.sextant.charts..")
            .because("the launcher reaches the engine only through the app's local API (DESIGN.md)");

    static final ArchRule NO_DUCKDB = noClasses().that().resideInAPackage("org.sextant.mcp..")
            .should().dependOnClassesThat().resideInAnyPackage("org.duckdb..", "java.sql..")
            .because("DuckDB allows one process per file: the app holds it");

    @Test
    void launcherDoesNotLinkTheEngine() {
        NO_ENGINE.check(launcher);
    }

    @Test
    void launcherDoesNotLinkDuckDb() {
        NO_DUCKDB.check(launcher);
    }

    @Test
    void launcherClassesWereFound() {
        // a rule over zero classes passes vacuously: prove the import saw the launcher
        if (launcher.size() < 5) throw new AssertionError("only " + launcher.size() + " launcher classes imported");
    }
}
