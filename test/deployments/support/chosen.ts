/** The deployments a run covers: all, or the comma-separated list in RR_DEPLOYMENTS. */
import { DEPLOYMENTS, type DeploymentKind } from '../../../scripts/n8n';

export const chosenDeployments = (): DeploymentKind[] =>
	(process.env.RR_DEPLOYMENTS?.split(',').map((d) => d.trim()) ?? [
		...DEPLOYMENTS,
	]) as DeploymentKind[];

export const isChosen = (kind: DeploymentKind): boolean => chosenDeployments().includes(kind);
