package org.sextant.app.gui;

import javafx.beans.binding.BooleanExpression;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The forecast bar's part of {@link GlobalTrainingOffer}: "Train global model" while the chosen
 * model waits for one, then the training's progress with Cancel; nothing otherwise.
 */
final class GlobalTrainingControls {
    private GlobalTrainingControls() {}

    static HBox build(ChartsViewModel model) {
        GlobalTrainingOffer offer = model.globalTraining();
        Button train = new Button("Train global model");
        train.setId("train-global");
        train.setTooltip(new Tooltip("The forecast model needs the global model trained on the stored prices: "
                + "trains it as a background job (the Jobs view shows it), then forecasts again"));
        train.setOnAction(e -> model.trainGlobalModel());
        Label status = new Label();
        status.setId("global-training-status");
        status.textProperty().bind(offer.statusProperty());
        status.setMinWidth(0);
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-global-training");
        cancel.setOnAction(e -> offer.cancel());
        show(train, offer.neededProperty().and(offer.runningProperty().not()));
        show(status, offer.statusProperty().isNotEmpty());
        show(cancel, offer.runningProperty());
        for (Region r : new Region[] {train, cancel}) r.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(6, train, status, cancel);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return box;
    }

    /** Shown and laid out only while {@code when} holds. */
    private static void show(Node n, BooleanExpression when) {
        n.visibleProperty().bind(when);
        n.managedProperty().bind(when);
    }
}
