// Solidity sources of the test chain: OpenZeppelin tokens, a CREATE2 factory and a value forwarder
// whose inner call to a refusing contract reverts while the outer call succeeds.

/** One source file, keyed by its name for solc's standard JSON. */
export const SOURCES: Record<string, string> = {
  'Test.sol': `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

contract Token20 is ERC20 {
  constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}
  function mint(address to, uint256 amount) external { _mint(to, amount); }
  function burn(address from, uint256 amount) external { _burn(from, amount); }
}

contract Nft721 is ERC721 {
  string private base;
  constructor(string memory base_) ERC721("Test Nft", "TNFT") { base = base_; }
  function mint(address to, uint256 id) external { _mint(to, id); }
  function _baseURI() internal view override returns (string memory) { return base; }
}

contract Multi1155 is ERC1155 {
  constructor(string memory uri_) ERC1155(uri_) {}
  function mint(address to, uint256 id, uint256 amount) external { _mint(to, id, amount, ""); }
  function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external { _mintBatch(to, ids, amounts, ""); }
}

contract Child {
  address public owner;
  constructor(address owner_) payable { owner = owner_; }
}

contract Create2Factory {
  event Deployed(address child, bytes32 salt);
  function deploy(bytes32 salt) external payable returns (address child) {
    child = address(new Child{salt: salt, value: msg.value}(msg.sender));
    emit Deployed(child, salt);
  }
}

contract Refuser {
  receive() external payable { revert("no"); }
}

contract Forwarder {
  /// Sends amounts[i] to targets[i]; a target that refuses keeps nothing and the rest goes on.
  function forward(address[] calldata targets, uint256[] calldata amounts) external payable {
    uint256 refused;
    for (uint256 i = 0; i < targets.length; i++) {
      (bool ok, ) = targets[i].call{value: amounts[i]}("");
      if (!ok) refused += amounts[i];
    }
    if (refused > 0) payable(msg.sender).transfer(refused);
  }
}
`,
};
