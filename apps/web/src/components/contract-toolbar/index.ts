export { ContractToolbar, useContractButtonCount, type ContractToolbarProps } from './contract-toolbar';
