package org.sextant.scaleout.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The engine imports no Spark (nor Scala): the kernels the jobs call stay plain Java, and the app
 * image, which holds the engine, stays free of Spark (docs/architecture.md, "Modules"). Checked
 * here, where Spark is on the class path, so the fixture proving the rule can fail compiles.
 */
class EngineKnowsNoSparkTest {
    static final ArchRule NO_SPARK = noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.spark..", "scala..")
            .because("the engine runs in the app without Spark; only the scaleout module links it");

    @Test
    void theEngineImportsNoSpark() {
        JavaClasses engine = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/scaleout/"))
                .importPackages("org.sextant.engine");
        assertTrue(engine.size() > 50, "engine classes imported: " + engine.size());
        NO_SPARK.check(engine);
    }

    @Test
    void theRuleFailsOnAClassThatUsesSpark() {
        JavaClasses fixture = new ClassFileImporter().importClasses(SparkInTheEngineFixture.class);
        assertThrows(AssertionError.class, () -> NO_SPARK.check(fixture));
    }
}
