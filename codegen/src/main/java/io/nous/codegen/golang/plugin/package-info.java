/**
 * Router plugin packages: one writer ({@code PluginPackage}) filling a plug point's layout from
 * Mustache templates kept as resources under {@code io/nous/codegen/golang/plugin/}, the
 * EndpointPickerConfig that enables an export, and {@code GoExport}, which writes a package to a
 * staging directory and proves it with the Go toolchain before it reaches the user.
 */
package io.nous.codegen.golang.plugin;
