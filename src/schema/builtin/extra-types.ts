/**
 * Built-in types the reference schema (../shared/reference/kubernetes-schema.yaml) does not have,
 * written by hand in the compact notation (compact-parse.ts) from the upstream Go types
 * (k8s.io/api/autoscaling/v1 and k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1), with
 * the conventions the reference's types follow:
 * - a field that is neither a pointer nor `omitempty` has its zero value as default (`""`, `0`,
 *   `false`, `{}` for structs), which only matters for list keys;
 * - lists are atomic unless the Go type says `+listType=map` / `set`;
 * - types with no OpenAPI type of their own (JSON, JSONSchemaPropsOrArray, ...) are "anything",
 *   as Kubernetes reads such definitions; an empty struct is a map of deduced values.
 * Patch metadata: only merge keys derived from single-key list maps (no patch strategies), as for
 * the generated types the OpenAPI subset does not cover. Unlike the generated types, these are not
 * checked against a reference.
 */
export const EXTRA_TYPE_LINES: readonly string[] = [
  '%meta.v1 io.k8s.apimachinery.pkg.apis.meta.v1',
  '%autoscaling.v1 io.k8s.api.autoscaling.v1',
  '%apiextensions.v1 io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1',
  // autoscaling/v1 Scale: the body of the scale subresource.
  'autoscaling.v1.Scale {apiVersion:s kind:s metadata:meta.v1.ObjectMeta={} spec:autoscaling.v1.ScaleSpec={} status:autoscaling.v1.ScaleStatus={}}',
  'autoscaling.v1.ScaleSpec {replicas:n}',
  'autoscaling.v1.ScaleStatus {replicas:n=0 selector:s}',
  // apiextensions.k8s.io/v1 CustomResourceDefinition.
  'apiextensions.v1.CustomResourceDefinition {apiVersion:s kind:s metadata:meta.v1.ObjectMeta={} spec:apiextensions.v1.CustomResourceDefinitionSpec={} status:apiextensions.v1.CustomResourceDefinitionStatus={}}',
  'apiextensions.v1.CustomResourceDefinitionSpec {conversion:apiextensions.v1.CustomResourceConversion group:s="" names:apiextensions.v1.CustomResourceDefinitionNames={} preserveUnknownFields:b scope:s="" versions:[apiextensions.v1.CustomResourceDefinitionVersion]}',
  'apiextensions.v1.CustomResourceConversion {strategy:s="" webhook:apiextensions.v1.WebhookConversion}',
  'apiextensions.v1.WebhookConversion {clientConfig:apiextensions.v1.WebhookClientConfig conversionReviewVersions:[s]}',
  'apiextensions.v1.WebhookClientConfig {caBundle:s service:apiextensions.v1.ServiceReference url:s}',
  'apiextensions.v1.ServiceReference {name:s="" namespace:s="" path:s port:n}',
  'apiextensions.v1.CustomResourceDefinitionNames {categories:[s] kind:s="" listKind:s plural:s="" shortNames:[s] singular:s}',
  'apiextensions.v1.CustomResourceDefinitionVersion {additionalPrinterColumns:[apiextensions.v1.CustomResourceColumnDefinition] deprecated:b deprecationWarning:s name:s="" schema:apiextensions.v1.CustomResourceValidation selectableFields:[apiextensions.v1.SelectableField] served:b=false storage:b=false subresources:apiextensions.v1.CustomResourceSubresources}',
  'apiextensions.v1.CustomResourceColumnDefinition {description:s format:s jsonPath:s="" name:s="" priority:n type:s=""}',
  'apiextensions.v1.SelectableField {jsonPath:s=""}',
  'apiextensions.v1.CustomResourceValidation {openAPIV3Schema:apiextensions.v1.JSONSchemaProps}',
  'apiextensions.v1.CustomResourceSubresources {scale:apiextensions.v1.CustomResourceSubresourceScale status:apiextensions.v1.CustomResourceSubresourceStatus}',
  'apiextensions.v1.CustomResourceSubresourceScale {labelSelectorPath:s specReplicasPath:s="" statusReplicasPath:s=""}',
  'apiextensions.v1.CustomResourceSubresourceStatus <__untyped_deduced_>',
  'apiextensions.v1.CustomResourceDefinitionStatus {acceptedNames:apiextensions.v1.CustomResourceDefinitionNames={} conditions:[apiextensions.v1.CustomResourceDefinitionCondition](type)^type storedVersions:[s]}',
  'apiextensions.v1.CustomResourceDefinitionCondition {lastTransitionTime:meta.v1.Time message:s reason:s status:s="" type:s=""}',
  'apiextensions.v1.JSONSchemaProps {"$ref":s "$schema":s additionalItems:apiextensions.v1.JSONSchemaPropsOrBool additionalProperties:apiextensions.v1.JSONSchemaPropsOrBool allOf:[apiextensions.v1.JSONSchemaProps] anyOf:[apiextensions.v1.JSONSchemaProps] default:apiextensions.v1.JSON definitions:<apiextensions.v1.JSONSchemaProps> dependencies:<apiextensions.v1.JSONSchemaPropsOrStringArray> description:s enum:[apiextensions.v1.JSON] example:apiextensions.v1.JSON exclusiveMaximum:b exclusiveMinimum:b externalDocs:apiextensions.v1.ExternalDocumentation format:s id:s items:apiextensions.v1.JSONSchemaPropsOrArray maxItems:n maxLength:n maxProperties:n maximum:n minItems:n minLength:n minProperties:n minimum:n multipleOf:n not:apiextensions.v1.JSONSchemaProps nullable:b oneOf:[apiextensions.v1.JSONSchemaProps] pattern:s patternProperties:<apiextensions.v1.JSONSchemaProps> properties:<apiextensions.v1.JSONSchemaProps> required:[s] title:s type:s uniqueItems:b x-kubernetes-embedded-resource:b x-kubernetes-int-or-string:b x-kubernetes-list-map-keys:[s] x-kubernetes-list-type:s x-kubernetes-map-type:s x-kubernetes-preserve-unknown-fields:b x-kubernetes-validations:[apiextensions.v1.ValidationRule](rule)^rule}',
  'apiextensions.v1.ValidationRule {fieldPath:s message:s messageExpression:s optionalOldSelf:b reason:s rule:s=""}',
  'apiextensions.v1.ExternalDocumentation {description:s url:s}',
  'apiextensions.v1.JSON u|[__untyped_atomic_]|<__untyped_deduced_>~separable',
  'apiextensions.v1.JSONSchemaPropsOrArray u|[__untyped_atomic_]|<__untyped_deduced_>~separable',
  'apiextensions.v1.JSONSchemaPropsOrBool u|[__untyped_atomic_]|<__untyped_deduced_>~separable',
  'apiextensions.v1.JSONSchemaPropsOrStringArray u|[__untyped_atomic_]|<__untyped_deduced_>~separable',
];
