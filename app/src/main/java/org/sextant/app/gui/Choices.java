package org.sextant.app.gui;

import java.util.List;
import javafx.beans.property.Property;
import javafx.scene.control.ChoiceBox;

/** Choice boxes bound to a ViewModel's property, so a pick and a change in the model show in both. */
final class Choices {
    private Choices() {}

    /** A choice box named {@code id} (tests and the pilot look it up) offering {@code items}, its value bound both ways to {@code value}. */
    static <T> ChoiceBox<T> bound(String id, List<? extends T> items, Property<T> value) {
        ChoiceBox<T> box = new ChoiceBox<>();
        box.setId(id);
        box.getItems().setAll(items);
        box.valueProperty().bindBidirectional(value);
        return box;
    }
}
