/**
 * A create or update body of another kind than the endpoint's, as kube-apiserver decodes it:
 * the serializer builds the body's own type (apiVersion and kind from the body, the endpoint's
 * when absent), then converts it to the endpoint's internal type, and there is no conversion
 * between two kinds (apimachinery pkg/conversion/converter.go: `converting (v1.Pod) to
 * (core.Namespace): unknown conversion`). The handler names the decoded kind and version
 * (apiserver pkg/endpoints/handlers/rest.go, `transformDecodeError`): 400 `Pod in version "v1"
 * cannot be handled as a Namespace: converting (v1.Pod) to (core.Namespace): unknown conversion`.
 * This comes before every other check of the request. Built-in kinds only: a kind the server
 * does not serve at that version, and custom resources, keep the identity check's answer.
 */
import { getKey } from '../../value/value.js';
import type { ValueMap } from '../../value/value.js';
import { internalPackage } from '../internal-go-type.js';
import { findResource, splitApiVersion } from '../registry.js';
import type { Target } from '../request-context.js';
import { badRequest } from '../status.js';
import type { ResourceType, StatusObject } from '../types.js';

export function bodyKindMismatch(body: ValueMap, target: Target, resources: readonly ResourceType[]): StatusObject | undefined {
  const kind = getKey(body, 'kind');
  const apiVersion = getKey(body, 'apiVersion');
  if (typeof kind !== 'string' || kind === '' || kind === target.resource.kind || target.resource.custom) return undefined;
  const dataVersion = typeof apiVersion === 'string' && apiVersion !== '' ? apiVersion : target.apiVersion;
  const decoded = findResource(resources, dataVersion, { kind });
  if (!decoded || decoded.resource.custom) return undefined;
  const { version } = splitApiVersion(dataVersion);
  const into = `${internalPackage(target.resource.group)}.${target.resource.kind}`;
  return badRequest(`${kind} in version "${version}" cannot be handled as a ${target.resource.kind}: converting (${version}.${kind}) to (${into}): unknown conversion`);
}
