package org.sextant.engine.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine is plain Java: no JavaFX, no MCP, no knowledge of the app or the charts. */
class EngineLayeringTest {
    private final JavaClasses engine = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.sextant.engine");

    @Test
    void engineKnowsNoJavaFxNoMcpNoTransport() {
        assertTrue(engine.size() > 10, "engine classes imported: " + engine.size());
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "io.fair_acc..", "io.modelcontextprotocol..",
                        "org.sextant.app..", "org.sextant.charts..", "org.sextant.mcp..")
                .because("the engine serves every transport and must run headless (docs/architecture.md, \"Modules\")")
                .check(engine);
    }

    /** The store is below the data it holds: opening it migrates the schema; what the calendars add is the engine's open. */
    @Test
    void theStoreKnowsNoDataNorImports() {
        noClasses().that().resideInAPackage("org.sextant.engine.store..")
                .should().dependOnClassesThat().resideInAnyPackage("org.sextant.engine.data..", "org.sextant.engine.ingest..")
                .because("data and ingest use the store; a call back is a package cycle")
                .check(engine);
    }
}
