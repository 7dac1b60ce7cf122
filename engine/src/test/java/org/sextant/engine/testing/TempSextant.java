package org.sextant.engine.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test's own temporary SEXTANT_HOME, deleted afterwards. On a parameter or a field of type
 * <ul>
 *   <li>{@code Sextant}: the engine opened on it, with the sample universe loaded as on a first start (a copy of
 *   the store a first start left, {@link SampleStoreCopy});</li>
 *   <li>{@code Store}: its store, migrated and empty (no sample data; a copy of one a {@code Store.open} made);</li>
 *   <li>{@code SextantHome}: the home's folders only, nothing opened.</li>
 * </ul>
 * On a {@code @BeforeAll} method, a static field or a field of a per-class test instance it serves
 * the whole class, elsewhere one test; what it opened is closed when that scope ends (after the
 * {@code @AfterEach} or {@code @AfterAll} methods). {@link #dowRows()} adds {@code TestData}'s few AA and IBM rows.
 */
@Target({ElementType.PARAMETER, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TempSextantExtension.class)
public @interface TempSextant {
    /** Replace the sample's AA and IBM with TestData's five rows (facade and API tests that count them). */
    boolean dowRows() default false;
}
