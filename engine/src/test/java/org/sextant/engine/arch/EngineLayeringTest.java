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
}
